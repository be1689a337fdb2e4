import { customType } from "drizzle-orm/pg-core";

/** Binary data (images, uploaded files) as `bytea`. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});
