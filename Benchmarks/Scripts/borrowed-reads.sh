#!/usr/bin/env bash
# Which reads through a borrowed object cost a retain and a release with this toolchain: compiles a few one-line
# functions with -O and counts the reference-count calls in each one's assembly. Issue 42 asked whether the plan's
# links could own their objects ("borrow, don't store"); this is the toolchain's half of the answer, the engine's
# probe (callgrind) the other (Benchmarks/README.md, "eleventh part").
# usage: Benchmarks/Scripts/borrowed-reads.sh
set -eu
work=$(mktemp -d -t borrowed-reads.XXXX); trap 'rm -rf "$work"' EXIT
cat >"$work/reads.swift" <<'SWIFT'
open class Node {
    public let value: Int
    public let next: Node?
    public let action: (Int) -> Int
    public init(_ value: Int, _ next: Node?, _ action: @escaping (Int) -> Int) {
        (self.value, self.next, self.action) = (value, next, action)
    }
    @inline(never) open func work(_ x: Int) -> Int { action(x &+ value) }
}
public final class Holder {
    public let items: ContiguousArray<Node>
    public let node: Node
    public let inner: Holder?
    public init(_ items: ContiguousArray<Node>, _ node: Node, _ inner: Holder?) {
        (self.items, self.node, self.inner) = (items, node, inner)
    }
}
@inline(never) public func letField(_ h: Holder, _ x: Int) -> Int { h.node.work(x) }
@inline(never) public func letFieldTwice(_ h: Holder, _ x: Int) -> Int { let n = h.node; return n.work(n.work(x)) }
@inline(never) public func optionalLetOfLet(_ h: Holder, _ x: Int) -> Int { h.node.next!.work(x) }
@inline(never) public func letOfOptionalLet(_ h: Holder, _ x: Int) -> Int { h.inner!.node.work(x) }
@inline(never) public func arrayElement(_ h: Holder, _ i: Int, _ x: Int) -> Int { h.items[i].work(x) }
@inline(never) public func bufferElement(_ h: Holder, _ i: Int, _ x: Int) -> Int {
    h.items.withUnsafeBufferPointer { $0[i].work(x) }
}
@inline(never) public func storedClosure(_ h: Holder, _ x: Int) -> Int { h.node.action(x) }
SWIFT
cd "$work"
swiftc -O -parse-as-library -emit-assembly reads.swift -o reads.s -module-name R
for function in letField letFieldTwice optionalLetOfLet letOfOptionalLet arrayElement bufferElement storedClosure; do
    symbol=$(grep -oE "^\\\$s1R[0-9]+${function}[A-Za-z0-9_]*" reads.s | head -1)
    calls=$(awk -v s="$symbol:" 'index($0, s) == 1 { p = 1; next } p && /^\.Lfunc_end/ { exit } p' reads.s |
        grep -cE 'swift_(retain|release)' || true)
    printf '%-18s %s retain/release calls\n' "$function" "$calls"
done
