import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import {
  createRefundFormSchema,
  leftToRefund,
  REFUND_AMOUNT_MESSAGE,
  refundInputOf,
  type RefundFormValues,
} from '@trustleaf/domain/rules/refund-form';
import {
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionStatus,
} from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '@/components/lists/data-table';
import { TableScroll } from '@/components/lists/table-scroll';
import { formatDate } from '@/lib/i18n';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { errorText } from '@/lib/error-notice';
import { translateMessage } from '@/lib/i18n-messages';
import { paginationItemLabel } from '@/lib/pagination-label';
import { useRefund } from '../api/refund';
import { useAdminTransactions } from '../api/get-transactions';
import { useDescribeTransaction } from './use-describe-transaction';
import { FormDialogActions } from './form-dialog-actions';

const PAGE_SIZE = 20;

/**
 * A refund of one payment: in full by default, or the amount typed (at most what is left). The server
 * refunds one request at a time per company, so a double click refunds once.
 */
function RefundDialog({ transaction, onClose }: { transaction: Transaction | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const refund = useRefund();
  const left = transaction ? leftToRefund(transaction) : 0;
  const schema = useMemo(() => createRefundFormSchema(left), [left]);
  const form = useForm<RefundFormValues>({
    resolver: keyedZodResolver(schema),
    defaultValues: { amount: '' },
  });
  const money = (value: number) => formatMoney(value, i18n.language);

  const close = () => {
    form.reset({ amount: '' });
    refund.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    if (!transaction) return;
    try {
      await refund.mutateAsync(refundInputOf(transaction.plTransactionId, values));
      enqueueSnackbar(t('billing.transactions.refund.done'), { variant: 'success' });
      close();
    } catch (caught) {
      if (!applyServerIssues(form, caught)) {
        form.setError('amount', { type: 'server', message: errorText(t, caught) });
      }
    }
  });

  return (
    <Dialog
      open={transaction !== null}
      onClose={close}
      aria-labelledby="refund-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="refund-title">{t('billing.transactions.refund.title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {transaction
              ? t('billing.transactions.refund.text', {
                  company: transaction.companyName,
                  amount: money(left),
                })
              : null}
          </DialogContentText>
          <Controller
            control={form.control}
            name="amount"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                fullWidth
                type="number"
                label={t('billing.transactions.refund.amount')}
                placeholder={money(left)}
                // The amount's own message names the most that may be refunded.
                helperText={
                  fieldState.error?.message === REFUND_AMOUNT_MESSAGE.key
                    ? t(REFUND_AMOUNT_MESSAGE.key, { max: money(left) })
                    : fieldState.error
                      ? translateMessage(t, fieldState.error.message)
                      : t('billing.transactions.refund.amountHelp')
                }
                error={Boolean(fieldState.error)}
                slotProps={{
                  htmlInput: { min: 0.01, max: left, step: 0.01, 'data-testid': 'refund-amount' },
                }}
              />
            )}
          />
        </DialogContent>
        <FormDialogActions
          onCancel={close}
          submitLabel={t('billing.transactions.refund.confirm')}
          isBusy={refund.isPending}
          submitTestId="refund-confirm"
          color="error"
        />
      </Box>
    </Dialog>
  );
}

/** Super admin → Transactions (issue 20): every company's payments, filtered, with refunds. */
export function AdminTransactions() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeTransaction();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TransactionStatus | ''>('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  const deferredSearch = useDeferredValue(search.trim());
  const periodInvalid = fromDate !== '' && toDate !== '' && fromDate > toDate;
  const transactions = useAdminTransactions({
    currentPage: page,
    itemsPerPage: PAGE_SIZE,
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(status ? { status } : {}),
    ...(fromDate ? { fromDate } : {}),
    ...(toDate && !periodInvalid ? { toDate } : {}),
  });
  const money = (value: number) => formatMoney(value, i18n.language);
  const filterChanged =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const items = transactions.data?.items ?? [];
  const columns: TableColumn<(typeof items)[number]>[] = [
    {
      key: 'date',
      label: t('billing.page.date'),
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (tx) => formatDate(tx.createdAt, i18n.language),
    },
    { key: 'company', label: t('billing.transactions.company'), cell: (tx) => tx.companyName },
    {
      key: 'description',
      label: t('billing.page.description'),
      cellProps: { sx: { overflowWrap: 'anywhere' } },
      cell: describe,
    },
    { key: 'amount', label: t('billing.page.amount'), align: 'right', cell: (tx) => money(tx.amount) },
    {
      key: 'refunded',
      label: t('billing.transactions.refunded'),
      align: 'right',
      cell: (tx) => money(tx.refundedAmount),
    },
    { key: 'status', label: t('billing.page.status'), cell: (tx) => t(`billing.payment.${tx.status}`) },
    {
      key: 'actions',
      label: (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {t('billing.transactions.actions')}
        </Box>
      ),
      cell: (tx) =>
        tx.status === 'Paid' && leftToRefund(tx) > 0 ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setRefunding(tx)}
            aria-label={t('billing.transactions.refund.for', {
              company: tx.companyName,
              amount: money(tx.amount),
            })}
          >
            {t('billing.transactions.refund.action')}
          </Button>
        ) : null,
    },
  ];
  // The period's first and last days; a last day before the first is shown wrong and not sent.
  const period = [
    { key: 'from', value: fromDate, set: setFromDate, isInvalid: false },
    { key: 'to', value: toDate, set: setToDate, isInvalid: periodInvalid },
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h3" component="h2">
          {t('billing.transactions.listTitle')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // The search is wide enough for its whole label at 1024 px ("Rechercher une entreprise ou
            // une description").
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(23rem, 2fr) 1fr 1fr 1fr' },
          }}
        >
          <TextField
            size="small"
            type="search"
            label={t('billing.transactions.search')}
            value={search}
            onChange={(event) => filterChanged(setSearch)(event.target.value)}
          />
          <TextField
            select
            size="small"
            label={t('billing.page.status')}
            value={status}
            onChange={(event) => filterChanged(setStatus)(event.target.value as TransactionStatus | '')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'transactions-status' } as object } }}
          >
            <MenuItem value="">{t('billing.transactions.allStatuses')}</MenuItem>
            {TRANSACTION_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`billing.payment.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          {period.map(({ key, value, set, isInvalid }) => (
            <TextField
              key={key}
              size="small"
              type="date"
              label={t(`billing.transactions.${key}`)}
              value={value}
              error={isInvalid}
              helperText={isInvalid ? t('billing.transactions.periodInvalid') : undefined}
              onChange={(event) => filterChanged(set)(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Box>
        {transactions.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {transactions.data ? t('billing.transactions.count', { count: transactions.data.total }) : null}
        </Typography>
        {items.length > 0 ? (
          <TableScroll labelledBy={headingId}>
            <DataTable
              size="small"
              data-testid="transactions-table"
              columns={columns}
              rows={items}
              rowKey={(tx) => tx.plTransactionId}
              rowProps={(tx) => ({ 'data-testid': `transaction-${tx.plTransactionId}` })}
            />
          </TableScroll>
        ) : transactions.data ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('billing.transactions.empty')}</Typography>
        ) : null}
        {transactions.data && transactions.data.total > PAGE_SIZE ? (
          <Pagination
            count={Math.ceil(transactions.data.total / PAGE_SIZE)}
            page={page}
            onChange={(_event, value) => setPage(value)}
            getItemAriaLabel={paginationItemLabel(t)}
          />
        ) : null}
      </Stack>
      <RefundDialog transaction={refunding} onClose={() => setRefunding(null)} />
    </Paper>
  );
}
