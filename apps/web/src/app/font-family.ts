/**
 * The app's type (theme.ts), named once: index.html's splash also sets text in it, so the
 * browser finds its Thai and Lao faces before the first screen (vite.config.ts, `splash`).
 */
export const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Thai", "Noto Sans Lao", "Leelawadee UI", "Phetsarath OT", "Saysettha OT", sans-serif';
