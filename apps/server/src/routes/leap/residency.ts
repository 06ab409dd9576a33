import type { FastifyPluginAsync } from 'fastify';
import { getValidCountries, getValidStates } from '@pledge/contract';
import { route } from '../../http/route.js';
import { listResidenceCountries } from '../../services/residency/list-residence-countries.js';
import { listResidenceStates } from '../../services/residency/list-residence-states.js';

export const residencyRoutes: FastifyPluginAsync = async (app) => {
  route(app, getValidStates, async () => listResidenceStates());
  route(app, getValidCountries, async () => listResidenceCountries());
};
