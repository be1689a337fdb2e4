// AppError and its HTTP mapping live in @jai/contracts/app-error (browser-safe: route modules use it too).
export * from "@jai/contracts/app-error";
