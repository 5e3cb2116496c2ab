export { commentsBehaviour, MAX_COMMENT } from './comments.behaviours.js';
export { createCommentAlias, type CommentAlias } from './comment-alias.js';
export { mentionedUsers } from './notify-mentions.js';
