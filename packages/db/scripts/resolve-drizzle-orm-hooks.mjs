// Module resolve hook used by drizzle-kit.mjs: when `drizzle-orm` cannot be resolved from where
// it is imported, resolve it from this package instead.
const packageUrl = new URL("../package.json", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) {
      return nextResolve(specifier, { ...context, parentURL: packageUrl });
    }
    throw error;
  }
}
