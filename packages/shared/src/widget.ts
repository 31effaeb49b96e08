/*
 * What /widget.js (apps/widget) and the public chat page it frames agree on. The widget opens the chat with
 * WIDGET_FRAME_HASH, so the page knows it is the popup (the widget's close button lies over its header's right
 * end); the page asks the widget to close with WIDGET_CLOSE_MESSAGE (Escape pressed inside the frame, where the
 * widget's own keydown listener hears nothing). The widget takes that message only from its own frame's window
 * and the chat's origin.
 */

export const WIDGET_FRAME_HASH = '#atende-widget';
export const WIDGET_CLOSE_MESSAGE = 'atende:close';
