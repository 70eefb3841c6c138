'use client';

import type { ReactNode } from 'react';
import { AddPanel } from './add-panel';
import { ContentRow, type ContentRowProps } from './content-row';
import { useListActions } from './use-list-actions';

/** A flag a row switches: its field, its value now, and the word for switching it. */
export interface RowToggle {
  field: string;
  value: boolean;
  label: string;
}

/** How one item of a console list shows in its row, and the flags its buttons switch. */
export type RowView = Pick<
  ContentRowProps,
  'name' | 'about' | 'detail' | 'imageUrl' | 'hidden' | 'hiddenLabel' | 'headingLevel' | 'region'
> & { toggles?: readonly RowToggle[] };

type Identified = { id: number };
type ListActions = ReturnType<typeof useListActions>;

/** The rows of one ordered list of a console resource: move, switch, edit, two-step delete. */
function ResourceRows<T extends Identified>({
  items,
  actions,
  view,
  edit,
  reorderBody,
  className,
  children,
}: {
  items: readonly T[];
  actions: ListActions;
  view: (item: T) => RowView;
  edit: (item: T, close: () => void) => ReactNode;
  reorderBody?: Record<string, unknown>;
  className: string;
  children?: (item: T) => ReactNode;
}) {
  const ids = items.map((item) => item.id);
  return (
    <ol className={className}>
      {items.map((item, index) => {
        const { toggles = [], ...row } = view(item);
        return (
          <ContentRow
            key={item.id}
            {...row}
            index={index}
            count={items.length}
            onMove={(direction) => actions.move(ids, index, direction, reorderBody)}
            switches={toggles.map((toggle) => ({
              label: toggle.label,
              onToggle: () => actions.toggle(item.id, toggle.field, !toggle.value),
            }))}
            onDelete={() => actions.remove(item.id)}
            edit={(close) => edit(item, close)}
            busy={actions.busy}
          >
            {children?.(item)}
          </ContentRow>
        );
      })}
    </ol>
  );
}

/** A console resource (`/api/admin/{resource}`), named `what` in its failure messages. */
export type ResourceName = { resource: string; what: string };

/**
 * One ordered console list: an add button opening its form, a line when it is empty, then its rows.
 * `form` without an item creates one; `children` renders what a row holds under its actions.
 */
export function ListConsole<T extends Identified>({
  name,
  addLabel,
  emptyText,
  items,
  view,
  form,
  listClassName = 'mt-6 flex flex-col gap-3',
  children,
}: {
  name: ResourceName;
  addLabel: string;
  emptyText: string;
  items: readonly T[];
  view: (item: T) => RowView;
  form: (close: () => void, item?: T) => ReactNode;
  listClassName?: string;
  children?: (item: T) => ReactNode;
}) {
  const actions = useListActions(name.resource, name.what);
  return (
    <>
      <AddPanel label={addLabel}>{(close) => form(close)}</AddPanel>
      {items.length === 0 ? <p className="mt-6 text-parchment/80">{emptyText}</p> : null}
      <ResourceRows
        items={items}
        actions={actions}
        view={view}
        edit={(item, close) => form(close, item)}
        className={listClassName}
      >
        {children}
      </ResourceRows>
    </>
  );
}

/**
 * A console of groups holding ordered items (team groups and members, products and sizes...): each
 * group's row holds its items' rows and an add button for one more item.
 */
export function GroupedListConsole<G extends Identified, I extends Identified>({
  group,
  item,
  groups,
  itemsOf,
  itemsHeading,
  itemsEmptyText,
  addItemLabel,
  ...groupList
}: {
  group: ResourceName;
  item: ResourceName;
  addLabel: string;
  emptyText: string;
  groups: readonly G[];
  view: (group: G) => RowView;
  form: (close: () => void, group?: G) => ReactNode;
  itemsOf: (group: G) => readonly I[];
  /** The heading of a group's items ("Members of ..."). */
  itemsHeading: (group: G) => string;
  /**
   * Said when a group holds no items; with it the heading is shown, without it the heading is for screen
   * readers only (the group's row already says how many items it holds).
   */
  itemsEmptyText?: string;
  itemView: (item: I) => RowView;
  itemForm: (close: () => void, group: G, item?: I) => ReactNode;
  addItemLabel: (group: G) => string;
  /** What an item reorder sends besides the ids, for a resource that names the group (events their category). */
  itemReorderBody?: (group: G) => Record<string, unknown>;
}) {
  const itemActions = useListActions(item.resource, item.what);
  const { itemView, itemForm, itemReorderBody, ...rest } = groupList;
  return (
    <ListConsole name={group} items={groups} listClassName="mt-6 flex flex-col gap-6" {...rest}>
      {(g) => (
        <>
          {itemsEmptyText === undefined ? (
            <h2 className="sr-only">{itemsHeading(g)}</h2>
          ) : (
            <>
              <h2 className="mt-4 font-display text-base text-gold sm:pl-6">{itemsHeading(g)}</h2>
              {itemsOf(g).length === 0 ? (
                <p className="mt-2 text-sm text-parchment/80 sm:pl-6">{itemsEmptyText}</p>
              ) : null}
            </>
          )}
          <ResourceRows
            items={itemsOf(g)}
            actions={itemActions}
            view={itemView}
            edit={(i, close) => itemForm(close, g, i)}
            reorderBody={itemReorderBody?.(g)}
            className={`${itemsEmptyText === undefined ? 'mt-4' : 'mt-2'} flex flex-col gap-3 sm:pl-6`}
          />
          <div className="sm:pl-6">
            <AddPanel label={addItemLabel(g)}>{(close) => itemForm(close, g)}</AddPanel>
          </div>
        </>
      )}
    </ListConsole>
  );
}

/** The Hide or Show switch of an item the public pages may leave out. */
export function visibilityToggle(isVisible: boolean): RowToggle {
  return { field: 'isVisible', value: isVisible, label: isVisible ? 'Hide' : 'Show' };
}
