import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Code,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { type AddressLists, AddressListsSchema } from '@wallet/contract/network-settings';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldErrorText } from '../../../../lib/errors';
import { useChangeAddressLists } from '../../api/change-address-lists';
import { type AddressListsResponse, useAddressLists } from '../../api/get-address-lists';
import { SaveBar } from '../promotions/fields';
import { firstMessage, refusalOnField, useReasonedSave } from '../promotions/promotion-form';
import { ReasonModal } from '../reason-modal';
import { PanelIntro } from './settings-parts';

type List = keyof AddressLists;
const lists: readonly List[] = ['members', 'staff'];

/** A list as its box holds it: one rule per line, blank lines and spaces around a rule dropped. */
export const rulesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const textOf = (rules: readonly string[]) => rules.join('\n');

/** The boxes, read as lists, then the contract's own rules of the lists. */
const ListsFormSchema = z
  .object({ members: z.string(), staff: z.string() })
  .transform(({ members, staff }) => ({ members: rulesOf(members), staff: rulesOf(staff) }))
  .pipe(AddressListsSchema);
type ListsInput = z.input<typeof ListsFormSchema>;

/**
 * The words of a list's refusal: the contract names the rule by its place among the rules (a
 * path `members.3`), which staff find by its text; the server's names the list
 * (IP_ALLOW_LIST_SELF).
 */
function useListRefusal() {
  const { t } = useTranslation();
  return (error: unknown, text: string): string | undefined => {
    if (Array.isArray(error)) {
      const place = error.findIndex((one) => one !== undefined);
      return t('backoffice.settings.network.ruleInvalid', { rule: rulesOf(text)[place] ?? '' });
    }
    return fieldErrorText(firstMessage(error));
  };
}

type ListsFormProps = { lists: AddressListsResponse; mayChange: boolean };

function ListsForm({ lists: saved, mayChange }: ListsFormProps) {
  const { t } = useTranslation();
  const change = useChangeAddressLists();
  const refusal = useListRefusal();
  const form = useForm<ListsInput, unknown, AddressLists>({
    resolver: zodResolver(ListsFormSchema),
    values: { members: textOf(saved.members), staff: textOf(saved.staff) },
  });
  const save = useReasonedSave<AddressLists>({
    save: (checked, reason) => change.mutateAsync({ ...checked, reason }),
    onRefusal: refusalOnField(form.setError, lists),
    saved: t('backoffice.settings.network.saved'),
  });
  const { errors } = form.formState;
  const values = form.watch();
  // An empty list lets every address in: only one with rules needs the admin's own address.
  const lacksYou = (text: string) => {
    const rules = rulesOf(text);
    return rules.length > 0 && !rules.includes(saved.yourAddress);
  };
  const addYours = (list: List) =>
    form.setValue(list, [values[list].trimEnd(), saved.yourAddress].filter(Boolean).join('\n'), {
      shouldDirty: true,
    });

  return (
    <form
      aria-label={t('backoffice.settings.network.form')}
      onSubmit={form.handleSubmit(save.ask)}
      noValidate
    >
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={!mayChange}>
          <SimpleGrid cols={2} spacing="md">
            {lists.map((list) => (
              <Stack key={list} gap="xs">
                <Textarea
                  label={t(`backoffice.settings.network.lists.${list}`)}
                  description={t(`backoffice.settings.network.lists.${list}Text`)}
                  placeholder={t('backoffice.settings.network.placeholder')}
                  autosize
                  minRows={5}
                  maxRows={14}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  error={refusal(errors[list], values[list])}
                  {...form.register(list)}
                />
                {mayChange && lacksYou(values[list]) && (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    w="fit-content"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => addYours(list)}
                  >
                    {t(`backoffice.settings.network.addYours.${list}`)}
                  </Button>
                )}
                <FixedList list={list} rules={saved.fixed[list]} />
              </Stack>
            ))}
          </SimpleGrid>
        </Fieldset>
        {mayChange && <SaveBar dirty={form.formState.isDirty} onUndo={() => form.reset()} />}
      </Stack>
      <ReasonModal
        request={
          save.checked && {
            title: t('backoffice.settings.network.saveTitle'),
            text: t('backoffice.settings.network.saveText'),
            confirmLabel: t('common.save'),
          }
        }
        onClose={save.cancel}
        onConfirm={save.confirm}
      />
    </form>
  );
}

/** A list the deployment sets (IP_ALLOW_LIST, STAFF_IP_ALLOW_LIST): read here, changed there. */
function FixedList({ list, rules }: { list: List; rules: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text size="xs" fw={600}>
        {t(`backoffice.settings.network.fixed.${list}`)}
      </Text>
      {rules.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('backoffice.settings.network.fixed.none')}
        </Text>
      ) : (
        <Group gap={4} mt={4}>
          {rules.map((rule) => (
            <Badge key={rule} variant="light" color="gray" tt="none">
              {rule}
            </Badge>
          ))}
        </Group>
      )}
    </Paper>
  );
}

/**
 * The IP allow-lists (docs/backoffice.md, "Settings"): the members' list, which guards everything,
 * and the staff list, which guards the back office as well, one rule per line; the deployment's
 * own lists beside them, read only; the address this browser comes from. An admin changes them
 * with a reason (`settings.network`); a list that would shut the admin out is refused by the
 * server, and said under that list.
 */
export function AddressListsPanel({ mayChange }: { mayChange: boolean }) {
  const { t } = useTranslation();
  const { data, isError } = useAddressLists();
  return (
    <Stack gap="md">
      <PanelIntro
        text={t('backoffice.settings.network.intro')}
        readOnly={mayChange ? null : t('backoffice.settings.network.readOnly')}
      />
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('backoffice.settings.network.warningTitle')}
      >
        {t('backoffice.settings.network.warning')}
      </Alert>
      {isError && !data && (
        <Text c="red.4" size="sm">
          {t('backoffice.settings.loadFailed')}
        </Text>
      )}
      {data && (
        <>
          <Group gap="xs">
            <Title order={2} size="h5">
              {t('backoffice.settings.network.yourAddress')}
            </Title>
            <Code fz="sm" data-testid="your-address">
              {data.yourAddress}
            </Code>
          </Group>
          <ListsForm lists={data} mayChange={mayChange} />
        </>
      )}
    </Stack>
  );
}
