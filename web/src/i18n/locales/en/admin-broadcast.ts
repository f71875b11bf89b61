/** The admin's Send Notifications screen. */
export const adminBroadcast = {
  adminBroadcast: {
    templatesLabel: 'Quick templates',
    templates: {
      withdrawalApproved: {
        label: 'Withdrawal approved',
        title: 'Withdrawal approved',
        body: 'Your withdrawal request has been approved. The amount is on its way to your bank account.',
      },
      withdrawalRejected: {
        label: 'Withdrawal rejected',
        title: 'Withdrawal rejected',
        body: 'Your withdrawal request was rejected. The amount is back in your balance.',
      },
      creditAdded: { label: 'Credit added' },
      ticketReply: {
        label: 'Ticket reply',
        title: 'New reply to your ticket',
        body: 'Our support team replied to your ticket.',
      },
    },
    creditNeedsUser:
      'A credit is announced by its balance adjustment: choose One user, enter the user, and this template opens their Add Balance dialog.',
    audience: 'Audience',
    audiences: {
      user: 'One user',
      userIds: 'User ids',
      emails: 'Emails',
      role: 'Everyone with a role',
      all: 'All users',
    },
    user: 'Username, email or user id',
    userIds: 'User ids (separated by spaces, commas, semicolons or new lines)',
    emails: 'Emails (separated by spaces, commas, semicolons or new lines)',
    listHint: '{{count}} recipient(s)',
    role: 'Role',
    chooseRole: 'Choose a role',
    type: 'Type',
    types: { system: 'System', withdrawal: 'Withdrawal', credit: 'Credit', ticket_reply: 'Ticket reply' },
    title: 'Title',
    body: 'Message',
    data: 'Data (JSON)',
    dataHint: 'Optional JSON object; empty means {}.',
    preview: 'Preview',
    previewTitle: '(no title yet)',
    progress: 'Sending: {{processed}} of {{recipients}} user(s) done',
    sent: 'Sent to {{recipients}} user(s). Created {{created}} notification(s).',
    send: 'Send',
    sending: 'Sending...',
  },
};
