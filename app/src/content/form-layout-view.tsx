import type { JSX } from 'preact';
import { fieldLabel } from './content-api.js';
import { Disclosure } from './disclosure.js';
import type { FormField } from './form-fields.js';
import { fieldsIn, type LayoutNode } from './form-layout.js';
import { systemLabel } from '../ui/system-label.js';
import './item-layout.css';

type Props = {
  nodes: LayoutNode[];
  /** The input of one field (FieldInput, a list of related items…). */
  renderField(field: FormField): JSX.Element;
  /** Fields with an error: the groups holding them open. */
  errors: Record<string, string>;
  depth?: number;
};

/**
 * The item form's fields in two columns by their width (one column on a narrow screen), with their groups
 * (collapsible `group-detail` sections, or `group-raw` fields only) and dividers.
 */
export function FormLayoutView({ nodes, renderField, errors, depth = 0 }: Props) {
  return (
    <div class="form-grid">
      {nodes.map((node) => {
        if (node.kind === 'field')
          return (
            <div key={node.field.field} class={`form-cell width-${node.width}`}>
              {renderField(node.field)}
            </div>
          );
        if (node.kind === 'divider')
          return (
            <div key={node.name} class="form-cell width-full form-divider">
              {node.title ? <p class="form-divider-title">{systemLabel(node.title)}</p> : <hr />}
            </div>
          );
        const inner = (
          <>
            {node.note && <p class="help">{systemLabel(node.note)}</p>}
            <FormLayoutView nodes={node.children} renderField={renderField} errors={errors} depth={depth + 1} />
          </>
        );
        return (
          <div key={node.name} class={`form-cell width-${node.width}`}>
            {node.style === 'raw' ? (
              inner
            ) : (
              <Disclosure
                id={`group-${node.name}`}
                title={fieldLabel(node.name)}
                level={Math.min(depth + 2, 6) as 2}
                initiallyOpen={node.open}
                reveal={fieldsIn(node).some((field) => field in errors)}
                class="form-group"
              >
                {inner}
              </Disclosure>
            )}
          </div>
        );
      })}
    </div>
  );
}
