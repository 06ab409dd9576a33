import {
  getKrangState as getKrangStateEndpoint,
  type TGetKrangStateResponse,
} from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/** The application's state alone: what a page polls while the server moves the application on. */
export function getKrangState(
  appUuid: string,
  signal?: AbortSignal,
): Promise<TGetKrangStateResponse> {
  return apiRequest(getKrangStateEndpoint, { params: { appUuid }, signal });
}
