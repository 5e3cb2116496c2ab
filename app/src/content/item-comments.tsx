import { useEffect, useState } from 'preact/hooks';
import { errorStatus, requestMessage } from '../api/errors.js';
import { useSession } from '../auth/session.js';
import { t } from '../i18n/t.js';
import { addItemComment, readItemComments, type ItemComment } from './comments-api.js';
import { TimeStamp } from '../ui/time-stamp.js';

/** The comments on an item, and a form to add one. */
export function ItemComments({ collection, id }: { collection: string; id: string }) {
  const { client } = useSession();
  const [comments, setComments] = useState<ItemComment[] | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    readItemComments(client, collection, id).then(setComments, (failure: unknown) =>
      setError(errorStatus(failure) === 403 ? t('You may not see the comments on this item.') : requestMessage(failure)),
    );
  useEffect(() => {
    void load();
  }, [client, collection, id]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t('Write a comment first.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await addItemComment(client, collection, id, text.trim());
      setText('');
      await load();
    } catch (failure) {
      setError(errorStatus(failure) === 403 ? t('You may not comment on this item.') : requestMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="comments">
      {comments && comments.length === 0 && <p>{t('No comments yet.')}</p>}
      {comments && comments.length > 0 && (
        <ol>
          {comments.map((comment) => (
            <li key={comment.id}>
              <p>
                <strong>{comment.who}</strong>, <TimeStamp value={comment.timestamp} />
              </p>
              <p>{comment.comment}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <label for="new-comment">{t('Comment')}</label>
        <textarea
          id="new-comment"
          value={text}
          rows={3}
          onInput={(event) => setText((event.target as HTMLTextAreaElement).value)}
          aria-describedby={error ? 'comment-error' : undefined}
        />
        {error && (
          <p id="comment-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {t('Add comment')}
        </button>
      </form>
    </div>
  );
}
