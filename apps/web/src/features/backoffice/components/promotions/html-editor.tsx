import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The HTML of what the editor holds, and '' for an empty one: an empty translation falls back
 * to the Thai text for its readers (decision 0064), which an empty paragraph would not.
 */
export function editorHtml(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** The editor's own labels, in the reader's language. */
function useEditorLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  const label = (key: string) => t(`backoffice.promotions.editor.${key}`);
  return {
    boldControlLabel: label('bold'),
    italicControlLabel: label('italic'),
    underlineControlLabel: label('underline'),
    strikeControlLabel: label('strike'),
    clearFormattingControlLabel: label('clearFormatting'),
    h2ControlLabel: label('h2'),
    h3ControlLabel: label('h3'),
    bulletListControlLabel: label('bulletList'),
    orderedListControlLabel: label('orderedList'),
    linkControlLabel: label('link'),
    unlinkControlLabel: label('unlink'),
    undoControlLabel: label('undo'),
    redoControlLabel: label('redo'),
    linkEditorInputLabel: label('linkAddress'),
    linkEditorInputPlaceholder: 'https://',
    linkEditorSave: label('linkSave'),
    linkEditorExternalLink: label('linkNewTab'),
    linkEditorInternalLink: label('linkSameTab'),
  };
}

export type HtmlEditorProps = {
  html: string;
  onChange: (html: string) => void;
  /** The editable area's accessible name: the field and the language. */
  name: string;
  disabled: boolean;
};

/**
 * One language's text: Mantine's rich-text editor over tiptap, in a chunk of its own (tiptap and
 * ProseMirror are most of the promotions screen's code), loaded when a text is first shown.
 */
export function HtmlEditor({ html, onChange, name, disabled }: HtmlEditorProps) {
  const labels = useEditorLabels();
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    // Mantine's Link (Ctrl+K opens its link box) instead of StarterKit's own.
    extensions: [StarterKit.configure({ link: false }), Link],
    content: html,
    editable: !disabled,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': name },
    },
    // Only what staff type changes the value: a text nobody touched stays as the server keeps it.
    onUpdate: ({ editor: typed }) => changed.current(editorHtml(typed)),
  });

  // A value set from outside (the form reset, another bonus opened) is shown as it is. An editor
  // already destroyed (unmounted while React reconnects effects) has no schema left to read.
  useEffect(() => {
    if (editor && !editor.isDestroyed && html !== editorHtml(editor)) {
      editor.commands.setContent(html, { emitUpdate: false });
    }
  }, [editor, html]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <RichTextEditor editor={editor} labels={labels}>
      {!disabled && (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content mih={96} />
    </RichTextEditor>
  );
}
