import { Input, Text } from '@mantine/core';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import classes from './account-picker.module.css';

export type AccountOption = { value: string; label: string; detail?: string };

type AccountPickerProps = {
  label: string;
  options: AccountOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/**
 * The vertical account slider of the transfer modal (the spec's screens), built as a radio group
 * rather than a swipe carousel: each slide is a radio with its account's name, reachable with
 * Tab and moved with the arrow keys, and the chosen one scrolls into the middle.
 */
export function AccountPicker({ label, options, value, onChange, error }: AccountPickerProps) {
  const labelId = useId();
  const errorId = useId();
  const list = useRef<HTMLDivElement>(null);
  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );

  // The chosen slide sits in the middle of the slider; only the slider scrolls, not the page.
  useEffect(() => {
    const box = list.current;
    const node = box?.children[selectedIndex];
    if (box && node instanceof HTMLElement) {
      box.scrollTop = node.offsetTop - (box.clientHeight - node.offsetHeight) / 2;
    }
  }, [selectedIndex]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = options[(selectedIndex + step + options.length) % options.length];
    if (!next) return;
    onChange(next.value);
    list.current?.querySelector<HTMLElement>(`[data-value="${next.value}"]`)?.focus();
  };

  return (
    <div>
      <Input.Label id={labelId} mb={4}>
        {label}
      </Input.Label>
      <div
        ref={list}
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className={classes.list}
        onKeyDown={move}
      >
        {options.map((option, index) => {
          const checked = index === selectedIndex && option.value === value;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a styled slide, with radio semantics and keys
            <div
              key={option.value}
              role="radio"
              aria-checked={checked}
              tabIndex={index === selectedIndex ? 0 : -1}
              data-value={option.value}
              className={classes.option}
              onClick={() => onChange(option.value)}
              onKeyDown={(event) => {
                if (event.key === ' ' || event.key === 'Enter') {
                  event.preventDefault();
                  onChange(option.value);
                }
              }}
            >
              <Text size="sm" fw={600} className={option.detail ? undefined : classes.placeholder}>
                {option.label}
              </Text>
              {option.detail && (
                <Text size="xs" c="dimmed">
                  {option.detail}
                </Text>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}
