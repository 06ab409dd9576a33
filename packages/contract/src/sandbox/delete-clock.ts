import { defineEndpoint } from '../define-endpoint.js';
import { ZSandboxClockResponse } from './post-clock.js';

export const deleteSandboxClock = defineEndpoint({
  method: 'DELETE',
  path: '/sandbox/clock',
  auth: 'none',
  summary: 'Sandbox only: set the clock of the whole deployment back to real time',
  response: ZSandboxClockResponse,
});
