/** What a visitor who filled in the registration screen correctly submits (its form, with the confirmation). */
export const validRegistrationForm = {
  first_name: 'Asha',
  last_name: 'Verma-Rao',
  phone_number: '9876543210',
  DOB: '2000-03-05',
  gender: 'female',
  Clg: 'Sabarmati Institute',
  email: 'asha@example.com',
  password: 'secret12',
  confirmPassword: 'secret12',
};
