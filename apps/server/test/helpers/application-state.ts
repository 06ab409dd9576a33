/** An application's state as the tests read it, straight from its row. */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../src/db/pool.js';
import { applications } from '../../src/db/schema/index.js';

/** The state the application's row holds; undefined when there is no such application. */
export async function applicationStateOf(db: TDb, appUuid: string) {
  const [row] = await db
    .select({ state: applications.state })
    .from(applications)
    .where(eq(applications.uuid, appUuid));
  return row?.state;
}
