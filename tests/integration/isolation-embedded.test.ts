import { isolationSuite } from './isolation/suite';

/** The isolation suite (`isolation/suite.ts`) on the embedded database. */
isolationSuite('embedded database', undefined);
