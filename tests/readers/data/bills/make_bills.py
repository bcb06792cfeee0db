#!/usr/bin/env python3
"""Writes the fine-tune bill of examples/data/bills/fine-tune-8b-trn1-focus.csv (FOCUS 1.x) in the
two AWS Cost and Usage Report layouts, the same rows and the same money: cur-legacy.csv
(lineItem/UnblendedCost columns, resourceTags/user:* tags) and cur2.csv (CUR 2.0's snake_case
columns, resource_tags as a JSON map). As in AWS's reports, a row's product code is the service that
bills it (FOCUS ServiceName: AmazonEC2 for the data an instance sent) and its servicecode the offer
its price comes from (FOCUS x_ServiceCode: AWSDataTransfer). tests/reports/reconcile_test.cpp
checks that the three reconcile alike. Run from this folder: python3 make_bills.py"""
import csv
import json
import pathlib

here = pathlib.Path(__file__).resolve().parent
focus = here / ".." / ".." / ".." / ".." / "examples" / "data" / "bills" / "fine-tune-8b-trn1-focus.csv"

KIND = {"Usage": "Usage", "Credit": "Credit", "Tax": "Tax", "Purchase": "Fee", "Adjustment": "Refund"}
PREFIX = {"us-east-1": "", "us-west-2": "USW2-"}
PRODUCT = {"Amazon Elastic Compute Cloud": "AmazonEC2", "Amazon Simple Storage Service": "AmazonS3",
           "AmazonCloudWatch": "AmazonCloudWatch"}


def cur_time(focus_time, cur2):
    day, clock = focus_time.split(" ")
    return f"{day}T{clock}.000Z" if cur2 else f"{day}T{clock}Z"


def null(v):
    return "" if v == "NULL" else v


rows = list(csv.DictReader(open(focus, newline="")))
legacy_cols = ["identity/LineItemId", "identity/TimeInterval", "bill/PayerAccountId",
               "lineItem/UsageAccountId", "lineItem/LineItemType", "lineItem/UsageStartDate",
               "lineItem/UsageEndDate", "lineItem/ProductCode", "lineItem/UsageType",
               "lineItem/ResourceId", "lineItem/UsageAmount", "lineItem/CurrencyCode",
               "lineItem/UnblendedRate", "lineItem/UnblendedCost", "lineItem/LineItemDescription",
               "product/region", "product/servicecode", "product/sku", "pricing/RateCode",
               "pricing/unit",
               "resourceTags/user:project", "resourceTags/user:team"]
cur2_cols = ["identity_line_item_id", "identity_time_interval", "bill_payer_account_id",
             "line_item_usage_account_id", "line_item_line_item_type", "line_item_usage_start_date",
             "line_item_usage_end_date", "line_item_product_code", "line_item_usage_type",
             "line_item_resource_id", "line_item_usage_amount", "line_item_currency_code",
             "line_item_unblended_rate", "line_item_unblended_cost",
             "line_item_line_item_description", "product_region_code", "product_servicecode",
             "product_sku",
             "pricing_rate_code", "pricing_unit", "resource_tags"]
unit = {"Hours": "Hrs", "GB-Months": "GB-Mo", "GB": "GB", "Requests": "Requests", "NULL": ""}
for name, cols, cur2 in (("cur-legacy.csv", legacy_cols, False), ("cur2.csv", cur2_cols, True)):
    with open(here / name, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(cols)
        for i, r in enumerate(rows, start=1):
            region = null(r["RegionId"])
            usage = null(r["x_UsageType"])
            if usage and not usage.startswith("USW2-"):
                usage = PREFIX.get(region, "") + usage
            tags = {} if r["Tags"] == "NULL" else json.loads(r["Tags"])
            values = [f"li-{i:04d}", f"{cur_time(r['ChargePeriodStart'], cur2)}/"
                      f"{cur_time(r['ChargePeriodEnd'], cur2)}", r["BillingAccountId"],
                      r["SubAccountId"], KIND[r["ChargeCategory"]],
                      cur_time(r["ChargePeriodStart"], cur2), cur_time(r["ChargePeriodEnd"], cur2),
                      PRODUCT[r["ServiceName"]], usage, null(r["ResourceId"]),
                      null(r["PricingQuantity"]),
                      r["BillingCurrency"], null(r["ListUnitPrice"]), r["BilledCost"],
                      r["ChargeDescription"], region, r["x_ServiceCode"], null(r["SkuId"]),
                      null(r["SkuPriceId"]),
                      unit[r["PricingUnit"]]]
            if cur2:
                values.append(json.dumps({f"user_{k}": v for k, v in tags.items()}) if tags else "")
            else:
                values += [tags.get("project", ""), tags.get("team", "")]
            w.writerow(values)
