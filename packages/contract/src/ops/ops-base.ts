/** Prefix of the agent console's calls; every one needs an agent-audience token. */
export const OPS = '/service-ops/secure/api/v1';
