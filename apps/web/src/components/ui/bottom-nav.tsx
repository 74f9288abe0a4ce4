import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export type BottomNavItem =
  | { key: string; label: string; icon: ReactNode; to: string; end?: boolean }
  | { key: string; label: string; icon: ReactNode; onClick: () => void; prominent?: boolean };

/** The fixed bottom menu of both shells; a link knows its page, a button opens something. */
export function BottomNav({ label, items }: { label: string; items: BottomNavItem[] }) {
  return (
    <nav className="wallet-bottom-nav" aria-label={label}>
      {items.map((item) =>
        'to' in item ? (
          <NavLink key={item.key} to={item.to} end={item.end} className="wallet-nav-item">
            {item.icon}
            <span className="wallet-nav-label">{item.label}</span>
          </NavLink>
        ) : item.prominent ? (
          <button
            key={item.key}
            type="button"
            className="wallet-nav-item"
            onClick={item.onClick}
            aria-label={item.label}
          >
            <span className="wallet-plus">{item.icon}</span>
          </button>
        ) : (
          <button key={item.key} type="button" className="wallet-nav-item" onClick={item.onClick}>
            {item.icon}
            <span className="wallet-nav-label">{item.label}</span>
          </button>
        ),
      )}
    </nav>
  );
}
