-- What a bank transfer to an account needs besides the account number (issue 29 §7): the
-- bank's code (in Russia the 9-digit BIK) and, in Russia, the bank's correspondent account.
ALTER TABLE requisites ADD COLUMN bank_code TEXT;
ALTER TABLE requisites ADD COLUMN correspondent_account TEXT;
