import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

type RowActionProps = Pick<ButtonProps, 'color' | 'variant' | 'disabled' | 'loading'> & {
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** The visible verb ("Approve"). */
  children: ReactNode;
  /** The accessible name, naming the row ("Approve adjustment 12"). */
  label?: string;
  /** Said before the click (why the server will refuse it). */
  title?: string | undefined;
  onClick: () => void;
};

/** A button of a table row: small, its icon before its verb, its name saying which row. */
export function RowAction({
  icon: Icon,
  label,
  variant = 'light',
  children,
  ...props
}: RowActionProps) {
  return (
    <Button
      size="compact-sm"
      variant={variant}
      leftSection={<Icon size={16} aria-hidden />}
      aria-label={label}
      {...props}
    >
      {children}
    </Button>
  );
}
