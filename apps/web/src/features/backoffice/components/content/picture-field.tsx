import { Button, FileButton, Group, Image, Input, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ContentSettings } from '@wallet/contract/content-settings';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContentForm } from './content-form';
import { useFieldMessage } from './field-message';
import { PICTURE_TYPES, readPicture } from './picture-file';

/** How many KB a data URL's picture holds, as staff read a file's size. */
const kilobytesOf = (dataUrl: string) =>
  Math.ceil(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4 / 1024);

type PictureFieldProps = { form: ContentForm<'contact'>; disabled: boolean };

/**
 * The LINE QR: a picture uploaded from this computer (read in the browser into a data URL, shown
 * at once, refused over 256 KB), or the https address of one.
 */
export function PictureField({ form, disabled }: PictureFieldProps) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const { field, fieldState } = useController<ContentSettings['contact'], 'lineQR'>({
    control: form.control,
    name: 'lineQR',
  });
  const uploaded = field.value.startsWith('data:');

  const pick = async (file: File | null) => {
    if (!file) return;
    const read = await readPicture(file);
    if ('refusal' in read) {
      form.setError('lineQR', { message: read.refusal });
      return;
    }
    form.clearErrors('lineQR');
    field.onChange(read.picture);
  };

  return (
    <Input.Wrapper
      label={t('backoffice.content.contact.lineQR')}
      description={t('backoffice.content.contact.lineQRText')}
      error={
        // The server's KEY_INVALID of an upload: its bytes are not the picture its type says.
        uploaded && fieldState.error?.message === 'KEY_INVALID'
          ? t('backoffice.content.contact.pictureInvalid')
          : message(fieldState.error?.message, 'https')
      }
    >
      <Group align="flex-start" wrap="nowrap" gap="md" mt={4}>
        {field.value && (
          <Image
            src={field.value}
            alt={t('backoffice.content.contact.lineQRShown')}
            w={112}
            h={112}
            fit="contain"
            radius="sm"
            bg="white"
            p={4}
          />
        )}
        <Stack gap="xs" flex={1}>
          <FileButton accept={PICTURE_TYPES.join(',')} onChange={pick} disabled={disabled}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                w="fit-content"
              >
                {t('backoffice.content.contact.upload')}
              </Button>
            )}
          </FileButton>
          <TextInput
            aria-label={t('backoffice.content.contact.lineQRAddress')}
            placeholder={t('backoffice.content.contact.lineQRAddressHint')}
            description={
              uploaded
                ? t('backoffice.content.contact.uploaded', { kb: kilobytesOf(field.value) })
                : undefined
            }
            value={uploaded ? '' : field.value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            onBlur={field.onBlur}
          />
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
