/** Endpoints of no real service, for the tests of the API client. */
import { z } from 'zod';
import { defineEndpoint } from '@pledge/contract';

export const ZThing = z.object({ id: z.uuid(), amount: z.number() });
export const THING = { id: '0b9a6f36-8c0f-4f5e-9d55-1f2a3b4c5d6e', amount: 12.5 };

export const getPublicThing = defineEndpoint({
  method: 'GET',
  path: '/service/insecure/things/:thingId',
  auth: 'none',
  summary: 'a public read',
  params: z.object({ thingId: z.string() }),
  query: z.object({ state: z.string().optional(), page: z.number().optional() }),
  response: ZThing,
});

export const postSecureThing = defineEndpoint({
  method: 'POST',
  path: '/service/secure/things',
  auth: 'bearer',
  summary: 'a secure write',
  body: z.object({ amount: z.number() }),
  response: ZThing,
});

export const getAgentThing = defineEndpoint({
  method: 'GET',
  path: '/ops/things',
  auth: 'agent',
  summary: 'an agent read',
  response: ZThing,
});

export const postPublicThing = defineEndpoint({
  method: 'POST',
  path: '/service/insecure/things',
  auth: 'none',
  summary: 'a public write',
  body: z.object({ amount: z.number() }),
  response: ZThing,
});
