import {
  generateDisclosures,
  type TGenerateDisclosuresDeps,
} from '../../services/disclosures/generate-disclosures.js';
import { generateDisclosuresJob } from '../definitions/generate-disclosures.js';
import { registerJob } from '../job-definition.js';

export function generateDisclosuresHandler(deps: TGenerateDisclosuresDeps) {
  return registerJob(generateDisclosuresJob, (payload) =>
    generateDisclosures(deps, payload.appUuid),
  );
}
