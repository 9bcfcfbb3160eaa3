/** Identity of this remote, read by the host to check it talks to the section it expects. */
export const sectionMeta = { section: 'calendar', contract: 1 } as const;
