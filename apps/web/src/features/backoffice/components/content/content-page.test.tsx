import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PICTURE_MAX_BYTES } from '@wallet/contract/common';
import type { ContentSettings } from '@wallet/contract/content-settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../../test/render';
import { type DeskRoutes, deskTests, lazyScreen, renderDesk } from '../../test-desk';
import { demoContent } from './test-content';

/*
 * As promotions/test-promotions.ts does it: jsdom lays nothing out (tiptap asks where the
 * selection is), and the phone's screen is its frame's document. Not imported from there, whose
 * fixtures are parsed as the module loads (and stop at the contract's newer banner pictures).
 */
function stubLayout(): void {
  document.elementFromPoint = () => null;
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  HTMLCanvasElement.prototype.getContext = () => null;
}
function phone(frame: HTMLElement) {
  const body = (frame as HTMLIFrameElement).contentDocument?.body;
  if (!body) throw new Error('the phone frame has no document');
  return within(body);
}

const desk = deskTests();
beforeAll(stubLayout);

const content = '/api/backoffice/settings/content';

/** The server's content, a part kept as a PUT publishes it. */
function contentServer(extra: DeskRoutes = {}): DeskRoutes {
  let kept: ContentSettings = demoContent;
  const put =
    (part: keyof ContentSettings) =>
    (body: unknown): Response => {
      kept = { ...kept, [part]: (body as { value: never }).value };
      return jsonResponse(kept[part]);
    };
  return {
    [`GET ${content}`]: () => jsonResponse(kept),
    [`PUT ${content}/conditions`]: put('conditions'),
    [`PUT ${content}/contact`]: put('contact'),
    [`PUT ${content}/howto`]: put('howto'),
    ...extra,
  };
}

const puts = () => desk.sent().filter(({ call }) => call.startsWith('PUT'));
const frameOf = () => screen.getByTitle("Preview on a member's phone");

/** Chooses the preview's language (the switch above the phone). */
async function previewIn(user: ReturnType<typeof userEvent.setup>, language: string) {
  await user.click(screen.getByRole('radio', { name: language }));
}

/** Publishes the open part with a reason, in the one reason dialog. */
async function publish(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, name: string) {
  await user.click(within(form).getByRole('button', { name: 'Publish' }));
  const dialog = await screen.findByRole('dialog', { name: `Publish ${name}?` });
  await user.type(within(dialog).getByLabelText('Reason'), 'Clearer words for members');
  await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
}

describe('the content screen', { timeout: 60_000 }, () => {
  it('shows the conditions being changed in a phone, in the language picked there, and publishes them with a reason', async () => {
    const user = userEvent.setup();
    desk.serve('admin', contentServer());
    renderDesk('/backoffice/content?tab=conditions');

    const form = await screen.findByRole('form', { name: 'Draft of Conditions' }, lazyScreen);
    const english = within(form).getByRole('textbox', { name: 'Title (English)' });
    await user.clear(english);
    await user.type(english, 'House rules');
    const lao = within(form).getByRole('textbox', { name: 'Title (ລາວ)' });
    await user.clear(lao);
    await user.type(lao, 'ກົດລະບຽບ');

    // The member's own conditions modal, open in the phone with the draft.
    await previewIn(user, 'English');
    expect(await phone(frameOf()).findByRole('dialog', { name: 'House rules' })).toHaveTextContent(
      'Members must be 18 or older.',
    );
    await previewIn(user, 'ລາວ');
    expect(await phone(frameOf()).findByRole('dialog', { name: 'ກົດລະບຽບ' })).toHaveTextContent(
      'ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ',
    );
    // Nothing is sent before it is published.
    expect(puts()).toEqual([]);

    await publish(user, form, 'Conditions');
    expect(await screen.findByText('Published: Conditions.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        call: `PUT ${content}/conditions`,
        body: {
          value: {
            ...demoContent.conditions,
            title: { ...demoContent.conditions.title, en: 'House rules', la: 'ກົດລະບຽບ' },
          },
          reason: 'Clearer words for members',
        },
      },
    ]);
  });

  it('refuses a LINE QR over 256 KB in the browser with the server’s words, and sends a smaller one as a data URL', async () => {
    const user = userEvent.setup();
    desk.serve('admin', contentServer());
    renderDesk('/backoffice/content?tab=contact');
    const form = await screen.findByRole('form', { name: 'Draft of Contact' }, lazyScreen);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');

    const big = new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'qr.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await within(form).findByText('The picture is larger than 256 KB.')).toBeInTheDocument();

    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const small = new File([new Uint8Array([...signature, 1, 2, 3])], 'qr.png', {
      type: 'image/png',
    });
    await user.upload(input, small);
    await waitFor(() =>
      expect(within(form).queryByText('The picture is larger than 256 KB.')).toBeNull(),
    );
    expect(within(form).getByText(/An uploaded picture of 1 KB is used/)).toBeInTheDocument();
    // Shown at once, in the form and on the member's contact page in the phone.
    expect(within(form).getByRole('img', { name: 'The LINE QR members see' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
    );
    await previewIn(user, 'English');
    expect(await phone(frameOf()).findByRole('img', { name: /@memberwallet/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
    );

    await publish(user, form, 'Contact');
    expect(await screen.findByText('Published: Contact.')).toBeInTheDocument();
    expect(puts()[0]?.body.value.lineQR).toMatch(/^data:image\/png;base64,iVBORw0KGgoBAgM=$/);
  });

  it('says under the LINE QR when the server finds an upload is not the picture its type says', async () => {
    const user = userEvent.setup();
    desk.serve(
      'admin',
      contentServer({
        [`PUT ${content}/contact`]: () =>
          jsonResponse({ code: 'KEY_INVALID', message: 'bytes', field: 'value.lineQR' }, 400),
      }),
    );
    renderDesk('/backoffice/content?tab=contact');
    const form = await screen.findByRole('form', { name: 'Draft of Contact' }, lazyScreen);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['not a png'], 'qr.png', { type: 'image/png' }));
    await within(form).findByText(/An uploaded picture of 1 KB is used/);
    await publish(user, form, 'Contact');
    expect(
      await within(form).findByText('This file is not the picture its type says.'),
    ).toBeInTheDocument();
  });

  it('puts the server’s refusal of a video’s address under that address', async () => {
    const user = userEvent.setup();
    desk.serve(
      'admin',
      contentServer({
        [`PUT ${content}/howto`]: () =>
          jsonResponse(
            { code: 'VIDEO_ORIGIN_NOT_ALLOWED', message: 'origin', field: 'value.videos.0.url' },
            400,
          ),
      }),
    );
    renderDesk('/backoffice/content?tab=howto');
    const form = await screen.findByRole('form', { name: 'Draft of How-to videos' }, lazyScreen);
    const url = within(form).getByRole('textbox', { name: 'Video address' });
    await user.clear(url);
    await user.type(url, 'https://videos.example.com/wallet.mp4');
    await publish(user, form, 'How-to videos');
    expect(
      await within(form).findByText(
        'Videos can only come from the sites the server allows (HOWTO_VIDEO_ORIGINS).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Publish/ })).toBeNull();
  });

  it('refuses a website that is not https in words, before anything is sent', async () => {
    const user = userEvent.setup();
    desk.serve('admin', contentServer());
    renderDesk('/backoffice/content');
    const form = await screen.findByRole('form', { name: 'Draft of Site' }, lazyScreen);
    const website = within(form).getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'http://wallet.example.com');
    await user.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(
      await within(form).findByText('Enter an address starting with https://.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([]);
  });

  it('shows the notice with the threshold where %percentFail% is written', async () => {
    desk.serve('admin', contentServer());
    renderDesk('/backoffice/content?tab=notice');
    await screen.findByRole('form', { name: 'Draft of Bonus notice' }, lazyScreen);
    const user = userEvent.setup();
    await previewIn(user, 'English');
    expect(await phone(frameOf()).findByRole('note')).toHaveTextContent(
      'A bonus is cancelled when the money you play with falls to 10%.',
    );
  });

  it('lets finance read every part and its preview, but not publish', async () => {
    desk.serve('finance', contentServer());
    renderDesk('/backoffice/content');
    const form = await screen.findByRole('form', { name: 'Draft of Site' }, lazyScreen);
    expect(within(form).getByRole('textbox', { name: 'Site name' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(
      within(form).getByText('You can read the content; only an admin publishes it.'),
    ).toBeInTheDocument();
    expect(await phone(frameOf()).findByText(/© \d{4} Member Wallet/)).toBeInTheDocument();
  });

  it('keeps support out: the address leads to the dashboard and nothing is read', async () => {
    desk.serve('support', {
      ...contentServer(),
      'GET /api/backoffice/dashboard': () => jsonResponse({ code: 'NO_DATA', message: 'x' }, 404),
    });
    const router = renderDesk('/backoffice/content');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/dashboard'));
    expect(screen.queryByRole('link', { name: 'Content' })).toBeNull();
    expect(desk.sent().filter(({ call }) => call.includes('/content'))).toEqual([]);
  });
});
