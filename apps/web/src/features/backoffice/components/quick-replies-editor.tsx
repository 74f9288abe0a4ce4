import { Button, Fieldset, Group, Pill, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/errors';
import { type ComposerValues, MAX_QUICK_REPLIES } from '../composer-form';

/** The contract's limit for a choice's title (StaffButtonSchema). */
const CHOICE_MAX = 80;

/** The quick-reply choices under a message: chips, added by name and removed one by one. */
export function QuickRepliesEditor() {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useFormContext<ComposerValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'choices' });
  const [draft, setDraft] = useState('');
  const full = fields.length >= MAX_QUICK_REPLIES;
  const choiceErrors = errors.choices;
  const firstChoiceError = Array.isArray(choiceErrors)
    ? choiceErrors.find((e) => e?.title)?.title?.message
    : undefined;
  const error = firstChoiceError ?? choiceErrors?.root?.message;

  const add = () => {
    const title = draft.trim();
    if (!title || full) return;
    if (!fields.some((f) => f.title === title)) append({ title });
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the choice here; it must not send the whole message.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add();
    }
  };

  return (
    <Fieldset legend={t('backoffice.quickReplies.legend')} variant="filled" p="xs">
      {fields.length > 0 && (
        <Group gap={6} mb="xs" role="list" aria-label={t('backoffice.quickReplies.chosen')}>
          {fields.map((field, index) => (
            <Pill
              key={field.id}
              role="listitem"
              size="md"
              withRemoveButton
              onRemove={() => remove(index)}
              removeButtonProps={{
                tabIndex: 0,
                'aria-hidden': false,
                'aria-label': t('backoffice.quickReplies.remove', { title: field.title }),
              }}
            >
              {field.title}
            </Pill>
          ))}
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          size="sm"
          style={{ flex: 1 }}
          label={t('backoffice.quickReplies.newChoice')}
          maxLength={CHOICE_MAX}
          value={draft}
          disabled={full}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          size="sm"
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full || !draft.trim()}
          onClick={add}
        >
          {t('backoffice.quickReplies.add')}
        </Button>
      </Group>
      <Group gap="xs" mt={4}>
        {error ? (
          <Text size="xs" c="red.4" role="alert">
            {fieldErrorText(error)}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {t('backoffice.quickReplies.count', { n: fields.length, max: MAX_QUICK_REPLIES })}
          </Text>
        )}
      </Group>
    </Fieldset>
  );
}
