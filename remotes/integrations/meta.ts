/** Identity of this remote, read by the host to check it talks to the section it expects. */
export const sectionMeta = { section: 'integrations', contract: 1 } as const;
