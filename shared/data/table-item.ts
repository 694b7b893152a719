import type { ItemKey } from "./table-keys.js";

/**
 * One type of table item, declared in one place: the key it is stored under (a builder of `keys`, which
 * stays the one place keys are built), the `entity` it carries, the attribute lists its readers ask for,
 * and the fixed part of its key. Before this, each of these stood in a different module of its own
 * repository, its stream consumer and its readers.
 */
export interface TableItemType<
  TEntity extends string,
  TKey extends unknown[],
  TProjections extends Readonly<Record<string, readonly string[]>>,
  TPrefix extends ItemKey | undefined = ItemKey | undefined,
> {
  /** The `entity` every item of this type carries: what tells it apart in a stream image or a raw read. */
  readonly entity: TEntity;
  /** Builds its key (one of `keys`). */
  readonly key: (...args: TKey) => ItemKey;
  /** The attributes each of its readers asks for (a ProjectionExpression or an index's projection), by reader. */
  readonly projections: TProjections;
  /**
   * Its key with every variable part empty, where that is the start of all its keys: what a key filter
   * recognises it by, and what is cut off a key to read back the part that varies.
   */
  readonly prefix: TPrefix;
  /** The item to store: its key, its entity, then `attributes` (which may add index keys). */
  item<TAttributes extends object>(keyArgs: TKey, attributes: TAttributes): StoredItem<TEntity, TAttributes>;
  /** Whether a stored item or a stream image is one of this type (by its entity). */
  is(image: Readonly<Record<string, unknown>>): boolean;
}

/** A stored item's type; the key as a mapped type, so the item is a plain record (`Record<string, unknown>`) too. */
export type StoredItem<TEntity extends string, TAttributes> = Pick<ItemKey, keyof ItemKey> & {
  entity: TEntity;
} & TAttributes;

/** Declares a type of table item (see `TableItemType`); `projections` and `prefix` only where it has them. */
export const defineTableItem = <
  const TEntity extends string,
  TKey extends unknown[],
  const TProjections extends Readonly<Record<string, readonly string[]>> = Record<never, never>,
  TPrefix extends ItemKey | undefined = undefined,
>(definition: {
  readonly entity: TEntity;
  readonly key: (...args: TKey) => ItemKey;
  readonly projections?: TProjections;
  readonly prefix?: TPrefix;
}): TableItemType<TEntity, TKey, TProjections, TPrefix> => {
  const { entity, key } = definition;
  return {
    entity,
    key,
    projections: definition.projections ?? ({} as TProjections),
    prefix: definition.prefix as TPrefix,
    item: (keyArgs, attributes) => ({ ...key(...keyArgs), entity, ...attributes }),
    is: (image) => image.entity === entity,
  };
};
