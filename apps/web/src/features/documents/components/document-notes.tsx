import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n';
import { useAddDocumentNote } from '../api/add-document-note';
import { useDocumentNotes } from '../api/get-document-notes';

/** Notes on a document version, shared by the company and its reviewers. */
export function DocumentNotes({ plDocumentId }: { plDocumentId: number }) {
  const { t, i18n } = useTranslation();
  const notes = useDocumentNotes(plDocumentId);
  const add = useAddDocumentNote(plDocumentId);
  const [text, setText] = useState('');
  return (
    <Box component="section" aria-labelledby={`notes-${plDocumentId}`} sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3" id={`notes-${plDocumentId}`}>
        {t('documents.notes.title')}
      </Typography>
      {notes.data && notes.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', my: 1 }}>
          {t('documents.notes.empty')}
        </Typography>
      ) : null}
      <List dense data-testid="document-notes">
        {(notes.data ?? []).map((note) => (
          <ListItem key={note.plNoteId} disableGutters>
            <ListItemText
              primary={note.note}
              secondary={`${note.author} · ${formatDateTime(note.createdAt, i18n.language)}`}
            />
          </ListItem>
        ))}
      </List>
      {/* On a phone the button goes under the field as a whole rather than its words wrapping. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          sx={{ flex: '1 1 14rem' }}
          multiline
          label={t('documents.notes.label')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button
          variant="outlined"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={!text.trim() || add.isPending}
          onClick={() =>
            add.mutate(text.trim(), {
              onSuccess: () => setText(''),
              onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
            })
          }
        >
          {t('documents.notes.add')}
        </Button>
      </Box>
    </Box>
  );
}
