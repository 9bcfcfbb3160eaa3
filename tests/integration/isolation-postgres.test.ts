import { isolationSuite } from './isolation/suite';

/** The isolation suite (`isolation/suite.ts`) on PostgreSQL, when DATABASE_URL names one. */
const url = process.env.DATABASE_URL;
isolationSuite('PostgreSQL', url, { skip: !url });
