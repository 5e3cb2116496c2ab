/** What the API shows instead of the value of a concealed or hashed field (Directus's mask). */
export const CONCEALED = '**********';
