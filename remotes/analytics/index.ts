/**
 * Entry of the `analytics` remote. The section it will expose is a later issue; until then the remote
 * only publishes its container (remoteEntry.js) and manifest so the host can register it.
 */
export {};
