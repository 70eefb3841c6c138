/** The cookie by which proxy.ts tells the browser that this deployment is a preview (see PreviewMark). */
export const previewCookieName = 'festival-preview';
