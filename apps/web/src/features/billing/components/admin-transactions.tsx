import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import {
  TRANSACTION_STATUSES,
  type Transaction,
  type TransactionStatus,
} from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n-messages';
import { paginationItemLabel } from '@/lib/pagination-label';
import { useRefund } from '../api/refund';
import { useAdminTransactions } from '../api/get-transactions';
import { useDescribeTransaction } from './use-describe-transaction';

const PAGE_SIZE = 20;
/** What is left to refund of a payment, in cents to avoid 0.1 + 0.2. */
const leftOf = (tx: Transaction): number =>
  (Math.round(tx.amount * 100) - Math.round(tx.refundedAmount * 100)) / 100;

/**
 * A refund of one payment: in full by default, or the amount typed (at most what is left). The server
 * refunds one request at a time per company, so a double click refunds once.
 */
function RefundDialog({ transaction, onClose }: { transaction: Transaction | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const refund = useRefund();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const left = transaction ? leftOf(transaction) : 0;
  const money = (value: number) => formatMoney(value, i18n.language);

  const close = () => {
    setAmount('');
    setError(null);
    refund.reset();
    onClose();
  };
  const submit = async () => {
    if (!transaction) return;
    const value = amount.trim() === '' ? undefined : Number(amount);
    if (value !== undefined && (!Number.isFinite(value) || value <= 0 || value > left)) {
      setError(t('billing.transactions.refund.amountInvalid', { max: money(left) }));
      return;
    }
    try {
      await refund.mutateAsync({ plTransactionId: transaction.plTransactionId, amount: value });
      enqueueSnackbar(t('billing.transactions.refund.done'), { variant: 'success' });
      close();
    } catch (caught) {
      setError(translateMessage(t, caught instanceof Error ? caught.message : undefined));
    }
  };

  return (
    <Dialog
      open={transaction !== null}
      onClose={close}
      aria-labelledby="refund-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="refund-title">{t('billing.transactions.refund.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {transaction
            ? t('billing.transactions.refund.text', {
                company: transaction.companyName,
                amount: money(left),
              })
            : null}
        </DialogContentText>
        <TextField
          fullWidth
          type="number"
          label={t('billing.transactions.refund.amount')}
          placeholder={money(left)}
          helperText={error ?? t('billing.transactions.refund.amountHelp')}
          error={error !== null}
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
          }}
          slotProps={{ htmlInput: { min: 0.01, max: left, step: 0.01, 'data-testid': 'refund-amount' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('billing.cancel')}</Button>
        <Button
          variant="contained"
          color="error"
          loading={refund.isPending}
          onClick={() => void submit()}
          data-testid="refund-confirm"
        >
          {t('billing.transactions.refund.confirm')}
        </Button>
      </DialogActions>
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
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
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
          <TextField
            size="small"
            type="date"
            label={t('billing.transactions.from')}
            value={fromDate}
            onChange={(event) => filterChanged(setFromDate)(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('billing.transactions.to')}
            value={toDate}
            error={periodInvalid}
            helperText={periodInvalid ? t('billing.transactions.periodInvalid') : undefined}
            onChange={(event) => filterChanged(setToDate)(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        {transactions.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {transactions.data ? t('billing.transactions.count', { count: transactions.data.total }) : null}
        </Typography>
        {items.length > 0 ? (
          <TableContainer tabIndex={0} role="region" aria-labelledby={headingId} sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="transactions-table">
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('billing.page.date')}</TableCell>
                  <TableCell scope="col">{t('billing.transactions.company')}</TableCell>
                  <TableCell scope="col">{t('billing.page.description')}</TableCell>
                  <TableCell scope="col" align="right">
                    {t('billing.page.amount')}
                  </TableCell>
                  <TableCell scope="col" align="right">
                    {t('billing.transactions.refunded')}
                  </TableCell>
                  <TableCell scope="col">{t('billing.page.status')}</TableCell>
                  <TableCell scope="col">
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {t('billing.transactions.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((tx) => (
                  <TableRow key={tx.plTransactionId} data-testid={`transaction-${tx.plTransactionId}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(tx.createdAt, i18n.language)}
                    </TableCell>
                    <TableCell>{tx.companyName}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{describe(tx)}</TableCell>
                    <TableCell align="right">{money(tx.amount)}</TableCell>
                    <TableCell align="right">{money(tx.refundedAmount)}</TableCell>
                    <TableCell>{t(`billing.payment.${tx.status}`)}</TableCell>
                    <TableCell>
                      {tx.status === 'Paid' && leftOf(tx) > 0 ? (
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
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
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
