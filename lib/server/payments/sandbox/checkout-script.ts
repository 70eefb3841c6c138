import 'server-only';

/**
 * The sandbox's stand-in for Razorpay's checkout.js: `new Razorpay(options).open()` shows a clearly
 * marked TEST MODE dialog with Pay, Fail and Cancel. Pay calls the sandbox and hands its answer to
 * `options.handler`; Fail fires `payment.failed`; Cancel (or Escape) calls `options.modal.ondismiss`.
 */
export const sandboxCheckoutScript = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/checkout\.js(\?.*)?$/, '') : '/sandbox/razorpay/v1';

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text) node.textContent = text;
    return node;
  }

  function Razorpay(options) {
    if (!options || !options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this.listeners = {};
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };

  Razorpay.prototype.close = function () {
    if (this.overlay && this.overlay.parentNode) this.overlay.parentNode.removeChild(this.overlay);
    document.removeEventListener('keydown', this.onKey);
    this.overlay = null;
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    var colour = (o.theme && o.theme.color) || '#3399cc';
    var overlay = el('div', { 'data-testid': 'sandbox-checkout', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;padding:16px;font-family:system-ui,sans-serif' });
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rzp-sandbox-title', style: 'background:#fff;color:#111;border-radius:12px;max-width:380px;width:100%;padding:20px;box-shadow:0 20px 60px rgba(0,0,0,.4)' });
    var badge = el('p', { style: 'margin:0 0 12px;display:inline-block;background:#b91c1c;color:#fff;font-weight:700;letter-spacing:.1em;padding:4px 10px;border-radius:999px;font-size:12px' }, 'TEST MODE');
    var title = el('h2', { id: 'rzp-sandbox-title', style: 'margin:0 0 4px;font-size:18px' }, o.name || 'Payment');
    var description = el('p', { style: 'margin:0 0 12px;color:#444;font-size:14px' }, o.description || '');
    var amount = el('p', { 'data-testid': 'sandbox-amount', style: 'margin:0 0 8px;font-size:24px;font-weight:700' }, '\u20b9 ' + (Number(o.amount || 0) / 100).toFixed(2));
    var who = el('p', { style: 'margin:0 0 16px;color:#555;font-size:13px' }, [o.prefill && o.prefill.name, o.prefill && o.prefill.email, o.prefill && o.prefill.contact].filter(Boolean).join(' \u00b7 '));
    var note = el('p', { style: 'margin:0 0 16px;color:#555;font-size:12px' }, 'No money moves: this is the built-in payment sandbox.');
    var row = el('div', { style: 'display:flex;gap:8px;flex-wrap:wrap' });
    var payButton = el('button', { type: 'button', style: 'flex:1;min-height:44px;border:0;border-radius:8px;color:#fff;font-weight:700;cursor:pointer;background:' + colour }, 'Pay');
    var failButton = el('button', { type: 'button', style: 'flex:1;min-height:44px;border:1px solid #b91c1c;border-radius:8px;background:#fff;color:#b91c1c;font-weight:700;cursor:pointer' }, 'Fail');
    var cancelButton = el('button', { type: 'button', style: 'flex:1;min-height:44px;border:1px solid #999;border-radius:8px;background:#fff;color:#333;cursor:pointer' }, 'Cancel');
    row.appendChild(payButton);
    row.appendChild(failButton);
    row.appendChild(cancelButton);
    [badge, title, description, amount, who, note, row].forEach(function (n) { dialog.appendChild(n); });
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    self.overlay = overlay;
    payButton.focus();

    function dismiss() {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    self.onKey = function (e) { if (e.key === 'Escape') dismiss(); };
    document.addEventListener('keydown', self.onKey);
    cancelButton.addEventListener('click', dismiss);

    function submit(outcome) {
      payButton.disabled = failButton.disabled = cancelButton.disabled = true;
      fetch(base + '/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, outcome: outcome })
      })
        .then(function (r) { return r.json(); })
        .then(function (answer) {
          self.close();
          if (answer && answer.razorpay_payment_id) {
            if (typeof o.handler === 'function') o.handler(answer);
          } else {
            (self.listeners['payment.failed'] || []).forEach(function (cb) { cb({ error: answer && answer.error }); });
          }
        })
        .catch(function () {
          self.close();
          (self.listeners['payment.failed'] || []).forEach(function (cb) {
            cb({ error: { code: 'NETWORK_ERROR', description: 'The sandbox could not be reached.' } });
          });
        });
    }
    payButton.addEventListener('click', function () { submit('success'); });
    failButton.addEventListener('click', function () { submit('failure'); });
  };

  window.Razorpay = Razorpay;
})();
`;
