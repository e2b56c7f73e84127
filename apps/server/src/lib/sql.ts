import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "@routepilot/db";

/** The rows of a raw SQL query (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
