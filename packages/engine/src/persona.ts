// The persona schema lives in @jai/contracts (the builder validates with it in the browser);
// the engine reads personas through it.
export * from "@jai/contracts/persona";
