import { seedLocalCatalogue } from '../sso/catalogue.js';
import type { TestHub } from './app.js';

/** Where the seeded tools' local callbacks live: the demo tool's address in development. */
export const demoToolUrl = 'http://localhost:3001';

/** The local catalogue of partner tools, as development seeds it, with callbacks at `demoToolUrl`. */
export const seedDemoCatalogue = (hub: TestHub) =>
  seedLocalCatalogue(hub.database.db, demoToolUrl, hub.clock.now());
