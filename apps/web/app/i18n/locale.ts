// Locales and localized paths live in @jai/contracts/locale (the server uses them too).
export * from "@jai/contracts/locale";
