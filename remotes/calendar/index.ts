/**
 * Entry of the `calendar` remote. The section itself is exposed as `./Section` (`section.tsx`) and mounted
 * by the host; this entry only publishes the container (remoteEntry.js) and manifest.
 */
export {};
