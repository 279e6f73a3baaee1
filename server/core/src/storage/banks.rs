//! The banks port on SQL: the bank catalogue.

use async_trait::async_trait;
use sqlx::{Postgres, Sqlite};

use super::audit::insert_audit;
use super::rows::BankRow;
use super::sql::SqlStorage;
use crate::domain::bank::Bank;
use crate::domain::ports::{BankFilter, BankStore, StoreResult as Result};

macro_rules! bank_store {
    ($db:ty) => {
        #[async_trait]
        impl BankStore for SqlStorage<$db> {
            async fn banks(&self, filter: &BankFilter) -> Result<Vec<Bank>> {
                let rows: Vec<BankRow> = sqlx::query_as(
                    "SELECT id, name, symbol, sbp_code, is_sbp_bank, country_code, active FROM banks WHERE active \
                     ORDER BY country_code, name, symbol",
                )
                .fetch_all(&self.pool)
                .await?;
                let mut banks: Vec<Bank> = rows.into_iter().map(Bank::from).collect();
                if let Some(countries) = &filter.countries {
                    banks.retain(|b| countries.contains(&b.country_code));
                }
                if let Some(methods) = &filter.with_active_requisites_for {
                    let served: Vec<(String, String)> = sqlx::query_as(
                        "SELECT DISTINCT r.bank_symbol, m.method FROM requisites r \
                         JOIN requisite_methods m ON m.requisite_id = r.id \
                         WHERE r.active AND r.bank_symbol IS NOT NULL",
                    )
                    .fetch_all(&self.pool)
                    .await?;
                    banks.retain(|b| served.iter().any(|(symbol, method)| *symbol == b.symbol && methods.contains(method)));
                }
                Ok(banks)
            }

            async fn bank(&self, symbol: &str) -> Result<Option<Bank>> {
                let row: Option<BankRow> = sqlx::query_as(
                    "SELECT id, name, symbol, sbp_code, is_sbp_bank, country_code, active FROM banks WHERE symbol = $1",
                )
                .bind(symbol)
                .fetch_optional(&self.pool)
                .await?;
                Ok(row.map(Bank::from))
            }

            async fn upsert_bank(&self, b: &Bank, audit: &crate::domain::audit::AuditEntry) -> Result<()> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                sqlx::query(
                    "INSERT INTO banks (id, symbol, name, country_code, sbp_code, is_sbp_bank, active) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) \
                     ON CONFLICT (symbol) DO UPDATE SET name = excluded.name, country_code = excluded.country_code, \
                       sbp_code = excluded.sbp_code, is_sbp_bank = excluded.is_sbp_bank, active = excluded.active",
                )
                .bind(&b.id)
                .bind(&b.symbol)
                .bind(&b.name)
                .bind(&b.country_code)
                .bind(&b.sbp_code)
                .bind(b.is_sbp_bank)
                .bind(b.active)
                .execute(&mut *tx)
                .await?;
                insert_audit!(&mut *tx, audit);
                tx.commit().await?;
                Ok(())
            }

            async fn seed_banks(&self, banks: &[Bank]) -> Result<()> {
                let mut tx = self.writer.begin_with(self.dialect.begin_write).await?;
                for b in banks {
                    sqlx::query(
                        "INSERT INTO banks (id, symbol, name, country_code, sbp_code, is_sbp_bank, active) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
                    )
                    .bind(&b.id)
                    .bind(&b.symbol)
                    .bind(&b.name)
                    .bind(&b.country_code)
                    .bind(&b.sbp_code)
                    .bind(b.is_sbp_bank)
                    .bind(b.active)
                    .execute(&mut *tx)
                    .await?;
                }
                tx.commit().await?;
                Ok(())
            }
        }
    };
}

bank_store!(Sqlite);
bank_store!(Postgres);
