import { formatValue } from '../content/content-api.js';
import { ListTable, translatedColumns, type ListColumn, type ListTableProps } from '../ui/list-table.js';
import type { ActivityRow } from './activity-api.js';
import { locale, msg, t } from '../i18n/t.js';

const WHAT: readonly ListColumn<ActivityRow>[] = [
  { header: msg('When'), cell: (row) => new Date(row.timestamp).toLocaleString(locale()) },
  { header: msg('Action'), cell: (row) => row.action },
  { header: msg('Collection'), cell: (row) => row.collection },
  { header: msg('Item'), cell: (row) => formatValue(row.item) },
];

type Props = Omit<ListTableProps<ActivityRow>, 'columns'> & {
  /** The names of the rows' users that the caller may read (the others show their key); with them the table also shows who and from which address. */
  userNames?: ReadonlyMap<string, string>;
};

/** Activity rows, newest first as given: when, what action, on which collection and item (and who, from where). */
export function ActivityTable({ userNames, ...list }: Props) {
  const columns: readonly ListColumn<ActivityRow>[] = userNames
    ? [
        ...translatedColumns(WHAT),
        { header: t('User'), cell: (row) => (row.user ? (userNames.get(row.user) ?? row.user) : '—') },
        { header: t('Address'), cell: (row) => formatValue(row.ip) },
      ]
    : translatedColumns(WHAT);
  return <ListTable {...list} columns={columns} />;
}
