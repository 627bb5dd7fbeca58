#!/usr/bin/env python3
"""Makes a throwaway certificate authority and server certificates for behave's https tests.

Usage: make-test-certificates.py DIR
Writes into DIR (PEM): ca.pem (the authority's certificate), and for each of
  good       valid now, for 127.0.0.1 and localhost
  expired    for 127.0.0.1 and localhost, expired yesterday
  wronghost  valid now, for example.com only
NAME.pem (the certificate, signed by the authority) and NAME.key (its private key).
Everything is made at test time; nothing of it is committed.
"""
import datetime
import ipaddress
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

out = sys.argv[1]
now = datetime.datetime.now(datetime.timezone.utc)
day = datetime.timedelta(days=1)


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def key_pem(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


ca_key = ec.generate_private_key(ec.SECP256R1())
ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "behave test authority")])
ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
      .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
      .not_valid_before(now - day).not_valid_after(now + 30 * day)
      .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
      .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                   data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                   crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
      .sign(ca_key, hashes.SHA256()))
write("ca.pem", ca.public_bytes(serialization.Encoding.PEM))

for name, names, before, after in [
    ("good", [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")], now - day, now + 30 * day),
    ("expired", [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")],
     now - 30 * day, now - day),
    ("wronghost", [x509.DNSName("example.com")], now - day, now + 30 * day),
]:
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "behave test " + name)]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(before).not_valid_after(after)
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(ca_key, hashes.SHA256()))
    write(name + ".pem", cert.public_bytes(serialization.Encoding.PEM))
    write(name + ".key", key_pem(key))
