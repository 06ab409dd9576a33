import { defineEndpoint } from '../define-endpoint.js';
import { ZSandboxClockResponse } from './post-clock.js';

export const getSandboxClock = defineEndpoint({
  method: 'GET',
  path: '/sandbox/clock',
  auth: 'none',
  summary: 'Sandbox only: the time of the deployment as the sandbox clock has it',
  response: ZSandboxClockResponse,
});
