import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Inter's TTF files (embedded in the PDFs the server makes, so every letter renders and can be copied). */
const interDir = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/inter/package.json'));
export const INTER_REGULAR = join(interDir, '400Regular/Inter_400Regular.ttf');
export const INTER_SEMIBOLD = join(interDir, '600SemiBold/Inter_600SemiBold.ttf');
