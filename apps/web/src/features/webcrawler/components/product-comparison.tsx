import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/visually-hidden';

interface Props {
  authorizedProducts: readonly { productName: string; found: boolean }[];
  unauthorizedProducts: readonly { productName: string; url: string }[];
}

function EmptyRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ color: 'text.secondary' }}>
        {t('webcrawler.products.noRecords')}
      </TableCell>
    </TableRow>
  );
}

/**
 * Spec 3 §2 "Product comparison": the company's authorised products and whether the scan found each,
 * beside products the site offers that the company has not authorised.
 */
export function ProductComparison({ authorizedProducts, unauthorizedProducts }: Props) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="product-comparison-title" data-testid="product-comparison">
      <Typography id="product-comparison-title" variant="h4" component="h3" sx={{ mb: 1, fontSize: 18 }}>
        {t('webcrawler.products.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('webcrawler.products.productName')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('webcrawler.products.productName')}</TableCell>
                <TableCell align="center">{t('webcrawler.products.found')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {authorizedProducts.length === 0 ? <EmptyRow colSpan={2} /> : null}
              {authorizedProducts.map((product) => (
                <TableRow key={product.productName}>
                  <TableCell>{product.productName}</TableCell>
                  <TableCell align="center">
                    {product.found ? (
                      <CheckCircleIcon color="success" titleAccess={t('webcrawler.products.isFound')} />
                    ) : (
                      <CancelIcon color="error" titleAccess={t('webcrawler.products.isMissing')} />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('webcrawler.products.unauthorized')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('webcrawler.products.unauthorized')}</TableCell>
                <TableCell align="center">{t('webcrawler.products.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {unauthorizedProducts.length === 0 ? <EmptyRow colSpan={2} /> : null}
              {unauthorizedProducts.map((product) => (
                <TableRow key={`${product.productName} ${product.url}`}>
                  <TableCell>{product.productName}</TableCell>
                  <TableCell align="center">
                    <Link href={product.url} target="_blank" rel="noopener noreferrer">
                      {t('webcrawler.products.view')}
                      <Box component="span" sx={visuallyHidden}>
                        {` ${product.productName} ${t('webcrawler.newTab')}`}
                      </Box>
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Box>
  );
}
