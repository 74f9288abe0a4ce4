/** The wallet mark: a gold wallet on navy, drawn inline so it costs no request. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="wallet-mark-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f9e193" />
          <stop offset="1" stopColor="#bd8d0c" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#131e40" stroke="#ebb722" strokeOpacity="0.35" />
      <path
        d="M14 22a6 6 0 0 1 6-6h24a6 6 0 0 1 6 6v4H38a6 6 0 0 0 0 12h12v4a6 6 0 0 1-6 6H20a6 6 0 0 1-6-6z"
        fill="url(#wallet-mark-gold)"
      />
      <circle cx="39" cy="32" r="3" fill="#131e40" />
    </svg>
  );
}
