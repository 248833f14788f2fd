/**
 * The scenario editor: CodeMirror 6 in place of the page's plain text area, loaded only when
 * the editor is opened (main.ts imports this module lazily). It completes fields and values
 * from the scenario package's JSON Schema (schema-completion.ts) and underlines what the
 * package's validation refuses, with its message (scenario-diagnostics.ts).
 *
 * Keyboard only: Tab is left to move focus (CodeMirror binds it only when asked to), Ctrl-Space
 * opens the completions, arrows and Enter pick one, Escape closes them; Ctrl-Shift-m (Cmd on a
 * Mac) opens the list of errors. The editable element has the text area's label.
 */
import {
  autocompletion,
  type CompletionContext,
  closeBrackets,
  closeCompletion,
  completionKeymap,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { type Diagnostic, linter, lintKeymap } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, lineNumbers } from "@codemirror/view";
import { scenarioJsonSchema } from "@losslab/scenario";
import { checkScenarioText } from "./scenario-diagnostics.js";
import { completeScenario, type SchemaNode } from "./schema-completion.js";

export interface ScenarioEditor {
  text(): string;
  setText(text: string): void;
}

/**
 * Puts the editor where `textarea` is (which is hidden, and gives up its id and label to the
 * editor's content), starting from its text; `changed` is called on every edit.
 */
export function mountScenarioEditor(textarea: HTMLTextAreaElement, changed: () => void): ScenarioEditor {
  const schema = scenarioJsonSchema() as SchemaNode;
  const complete = (context: CompletionContext) => {
    const result = completeScenario(schema, context.state.doc.toString(), context.pos);
    if (result === undefined) return null;
    // With nothing typed yet, values pop up by themselves after `field: `; fields wait for a letter or Ctrl-Space.
    const typedNothing = result.from === context.pos && !context.explicit;
    if (typedNothing && !/:\s$/.test(context.state.sliceDoc(context.pos - 2, context.pos))) return null;
    return { from: result.from, options: result.options, validFor: /^[\w$-]*$/ };
  };
  const check = (view: EditorView): Diagnostic[] =>
    checkScenarioText(view.state.doc.toString()).problems.map(({ from, to, message }) => ({
      from,
      to: Math.min(Math.max(to, from), view.state.doc.length),
      severity: "error",
      message,
    }));
  const id = textarea.id;
  const label = textarea.getAttribute("aria-label") ?? "scenario";
  textarea.removeAttribute("id");
  textarea.hidden = true;
  const view = new EditorView({
    parent: textarea.parentElement ?? document.body,
    state: EditorState.create({
      doc: textarea.value,
      extensions: [
        lineNumbers(),
        history(),
        closeBrackets(),
        autocompletion({ override: [complete], activateOnTyping: true }),
        linter(check, { delay: 300 }),
        // A typed `:` ends the field's name: its completions close at once (else an Enter typed
        // right after could still take the list's first entry before the list is asked again).
        keymap.of([{ key: ":", run: (view) => closeCompletion(view) && false }]),
        keymap.of([...completionKeymap, ...lintKeymap, ...historyKeymap, ...defaultKeymap]),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ id, "aria-label": label, "aria-multiline": "true", spellcheck: "false" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed();
        }),
      ],
    }),
  });
  textarea.after(view.dom);
  return {
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
  };
}
