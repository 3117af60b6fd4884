import { HighlightStyle } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { GlobalToken } from 'antd';

/**
 * The editor's colours from the page's antd tokens, so it follows the three themes: the text
 * area, gutters, active line, selection and cursor of the theme, never CodeMirror's own light
 * grey gutters on a dark page.
 */
export function editorTheme(token: GlobalToken, dark: boolean) {
  return EditorView.theme(
    {
      '&': { color: token.colorText, backgroundColor: token.colorBgContainer },
      '.cm-content': { caretColor: token.colorText },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: token.colorText },
      '.cm-gutters': { color: token.colorTextTertiary, backgroundColor: token.colorFillQuaternary, borderRight: `1px solid ${token.colorBorderSecondary}` },
      '.cm-activeLine': { backgroundColor: token.colorFillTertiary },
      '.cm-activeLineGutter': { backgroundColor: token.colorFillSecondary, color: token.colorText },
      '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: token.controlItemBgActive },
      '&.cm-focused .cm-matchingBracket': { backgroundColor: token.colorPrimaryBg, outline: `1px solid ${token.colorPrimaryBorder}` },
    },
    { dark },
  );
}

/** Syntax colours readable on a dark background (CodeMirror's default ones are for a light page: its blue is unreadable on black). */
export const darkHighlightStyle = HighlightStyle.define([
  { tag: [tags.keyword, tags.operatorKeyword, tags.modifier, tags.controlKeyword], color: '#c678dd' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: '#98c379' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: '#8b949e', fontStyle: 'italic' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: '#d19a66' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.definition(tags.variableName)], color: '#61afef' },
  { tag: [tags.className, tags.typeName, tags.definition(tags.className)], color: '#e5c07b' },
  { tag: [tags.propertyName, tags.attributeName], color: '#e06c75' },
  { tag: [tags.variableName, tags.self], color: '#e6e6e6' },
  { tag: [tags.operator, tags.punctuation, tags.bracket], color: '#abb2bf' },
  { tag: tags.invalid, color: '#ff7875' },
]);
